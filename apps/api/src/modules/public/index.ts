// What the rest of the server may use of public: nothing yet; its routes are registered by app.ts.
export {};
