// What the rest of the server may use of warehouse: nothing yet; its routes are registered by app.ts.
export {};
