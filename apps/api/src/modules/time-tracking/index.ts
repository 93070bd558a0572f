// What the rest of the server may use of time-tracking: nothing yet; its routes are registered by app.ts.
export {};
