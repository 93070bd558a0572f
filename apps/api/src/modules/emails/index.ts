// What the rest of the server may use of emails: nothing yet; its routes are registered by app.ts.
export {};
