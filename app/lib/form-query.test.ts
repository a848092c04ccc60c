import { describe, expect, it } from "vitest";
import { formQuery } from "./form-query";

const fd = (pairs: [string, string][]) => {
  const f = new FormData();
  for (const [k, v] of pairs) f.append(k, v);
  return f;
};

describe("formQuery", () => {
  it("drops blanks, joins repeated values and keeps commas readable", () => {
    expect(
      formQuery(
        fd([
          ["q", " ai writer "],
          ["category", ""],
          ["pricing", "free"],
          ["pricing", "paid"],
          ["rating", ""],
          ["tags", "seo, email"],
        ]),
      ),
    ).toBe("q=ai+writer&pricing=free,paid&tags=seo,+email");
  });
  it("is empty when every field is blank", () => {
    expect(formQuery(fd([["q", "  "]]))).toBe("");
  });
});
