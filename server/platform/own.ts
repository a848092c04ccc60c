/**
 * The value stored under a key the caller supplied, or undefined: only the map's own properties
 * count, never what every object inherits (`__proto__`, `constructor`, `toString`…). Use it for
 * every lookup of a user-supplied key in a plain object.
 */
export function own<T>(map: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(map, key) ? map[key] : undefined;
}
