// What the rest of the server may use of files: nothing yet; its routes are registered by app.ts.
export {};
