// What the rest of the server may use of dashboard: nothing yet; its routes are registered by app.ts.
export {};
