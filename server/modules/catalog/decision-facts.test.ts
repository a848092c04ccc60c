import { describe, expect, it } from "vitest";
import { canonicalLicence, licenceClass, OSI_LICENCES, SetDecisionFactsInput } from "./decision-facts.ts";

describe("licence classes from SPDX ids (spdx-license-list)", () => {
  it("classes OSI-approved ids as open source, other SPDX ids as source-available", () => {
    for (const id of ["MIT", "Apache-2.0", "GPL-3.0-only", "AGPL-3.0-or-later", "BSD-3-Clause", "MPL-2.0"])
      expect(licenceClass(id), id).toBe("open_source");
    for (const id of ["BUSL-1.1", "Elastic-2.0", "SSPL-1.0", "CC-BY-NC-4.0"])
      expect(licenceClass(id), id).toBe("source_available");
    expect(licenceClass("proprietary")).toBe("proprietary");
    expect(licenceClass("Proprietary")).toBe("proprietary");
  });

  it("takes any case to the canonical id and refuses what is not an SPDX id", () => {
    expect(canonicalLicence("apache-2.0")).toBe("Apache-2.0");
    expect(canonicalLicence(" mit ")).toBe("MIT");
    expect(canonicalLicence("Open Source")).toBeNull();
    expect(licenceClass("MIT-ish")).toBeNull();
    expect(OSI_LICENCES).toContain("MIT");
    expect(OSI_LICENCES).not.toContain("BUSL-1.1");
    const said = { quote: "Licensed under", url: "https://x.example/licence", date: "2026-11-01" };
    const ok = SetDecisionFactsInput.safeParse({ licence: { value: "apache-2.0", ...said } });
    expect(ok.success && ok.data.licence?.value).toBe("Apache-2.0");
    expect(SetDecisionFactsInput.safeParse({ licence: { value: "WTFPL-ish", ...said } }).success).toBe(false);
  });
});
