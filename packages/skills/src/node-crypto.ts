// node:crypto costs ~3.5 MB of memory to load (OpenSSL), so the package loads it when a hash or a
// random name is first needed, not when it is imported (`process.getBuiltinModule`, Node >= 22.3).
export const crypto = (): typeof import('node:crypto') => process.getBuiltinModule('node:crypto');
