// What the rest of the server may use of tickets: nothing yet; its routes are registered by app.ts.
export {};
