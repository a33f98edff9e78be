// Node's own modules, loaded the cheap way. node:crypto costs ~3.5 MB of memory to load (OpenSSL), so
// the package loads it when a hash or a random name is first needed, not when it is imported. node:fs
// is loaded with Node itself, but `import ... from 'node:fs'` builds its ES module facade, which reads
// every export, lazy ones included (fs.promises, the stream classes, the watchers): ~3 MB for code the
// package never runs. So the modules take fs as `process.getBuiltinModule('node:fs')` (Node >= 22.3).
export const crypto = (): typeof import('node:crypto') => process.getBuiltinModule('node:crypto');
