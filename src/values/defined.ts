/** The given values of an object: its keys whose value is undefined left out, so that a spread keeps what it would override. */
export function definedOnly<T extends object>(values: T): Partial<T> {
  const given: Partial<T> = {};
  for (const key in values) {
    const value = values[key];
    if (value !== undefined) given[key] = value;
  }
  return given;
}
