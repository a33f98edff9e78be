// Browser engine: the platform's RegExp. Only patterns that pass the safety check (safety.ts) get
// here, so backtracking stays bounded; Node processes use the linear-time engine instead.
export function compileEngine(source: string): (text: string) => boolean {
  const re = new RegExp(source);
  return (text) => re.test(text);
}

export const ENGINE = 'native';
