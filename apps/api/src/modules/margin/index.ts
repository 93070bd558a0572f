// What the rest of the server may use of margin (flight costs and the margin reports): nothing yet; its routes are registered by app.ts.
export {};
