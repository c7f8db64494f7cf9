import { describe, expect, it } from "vitest";

import { siteConfig } from "./site";

describe("site configuration", () => {
  it("claims exactly the certifications the certificate list holds", () => {
    expect(siteConfig.claims.certifications).toEqual(siteConfig.certificates.map((c) => c.name));
  });

  it("lists the managing directors among the team, everyone at one of the sites", () => {
    const names = siteConfig.team.map((person) => person.name);
    for (const director of siteConfig.legal.managingDirectors) expect(names).toContain(director);
    const cities = siteConfig.claims.sites.map((site) => site.city);
    for (const person of siteConfig.team) expect(cities).toContain(person.site);
  });

  it("keeps certificate dates as calendar days and links memberships over https", () => {
    for (const certificate of siteConfig.certificates) {
      if (certificate.validUntil) expect(certificate.validUntil).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    for (const membership of siteConfig.memberships) expect(membership.url).toMatch(/^https:\/\//);
  });
});
