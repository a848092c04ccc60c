/**
 * A GET form's values as a short query string: blank fields left out, repeated fields (checkboxes)
 * joined with commas, commas kept readable. What the browser would send, minus the noise.
 */
export function formQuery(form: FormData): string {
  const params = new URLSearchParams();
  const keys = [...new Set([...form.keys()])];
  for (const key of keys) {
    const values = form
      .getAll(key)
      .map((v) => (typeof v === "string" ? v.trim() : ""))
      .filter(Boolean);
    if (values.length) params.set(key, values.join(","));
  }
  return params.toString().replace(/%2C/gi, ",");
}
