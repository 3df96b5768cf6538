// Stand-in for the 'server-only' marker package under jest (see jest.config.mjs).
