// What the rest of the server may use of manifests: nothing yet; its routes are registered by app.ts.
export {};
