// What the rest of the server may use of transfers: nothing yet; its routes are registered by app.ts.
export {};
