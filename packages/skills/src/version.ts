// The package version, sent as the client version when reading a live server.
export const VERSION = '0.1.0';
