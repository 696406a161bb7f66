/** Build step: renders the marketing pages to dist/static (implemented with the marketing issue). */
export {};
