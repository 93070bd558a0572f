// What the rest of the server may use of pre-alerts: nothing yet; its routes are registered by app.ts.
export {};
