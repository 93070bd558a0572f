// What the rest of the server may use of roles: nothing yet; its routes are registered by app.ts.
export {};
