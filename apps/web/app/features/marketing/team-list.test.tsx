import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { cleanup, render, screen, within } from "@testing-library/react";
import type { TeamMember } from "@ems/config/site";
import { afterEach, describe, expect, it } from "vitest";

import { initials, TeamList } from "./team-list";

const i18n = setupI18n({
  locale: "de",
  messages: {
    de: {
      "team.heading": ["Unsere Leute"],
      "team.site_heading": ["Team in ", ["city"], " (", ["country"], ")"],
      "team.role_managing_director": ["Geschäftsführung"],
      "team.role_quality_manager": ["Qualitätsmanagement"],
    },
  },
});

function renderTeam(people: readonly TeamMember[]) {
  return render(
    <I18nProvider i18n={i18n}>
      <TeamList people={people} />
    </I18nProvider>,
  );
}

const WITH_PHOTO: TeamMember = {
  name: "Katrin Lindqvar",
  role: "managing_director",
  site: "Bamberg",
  photo: { base: "/images/katrin-lindqvar", sourceWidth: 640 },
  email: "katrin@lindqvar.example",
  phone: "+49 951 000 010",
};
const WITHOUT_PHOTO: TeamMember = { name: "Andreea Munteanu", role: "quality_manager", site: "Sibiu" };

afterEach(cleanup);

describe("TeamList", () => {
  it("shows nothing without people", () => {
    const { container } = renderTeam([]);
    expect(container.innerHTML).toBe("");
  });

  it("groups the people by site with their translated role", () => {
    renderTeam([WITHOUT_PHOTO, WITH_PHOTO]);
    const bamberg = screen.getByRole("list", { name: "Team in Bamberg (Deutschland)" });
    const sibiu = screen.getByRole("list", { name: "Team in Sibiu (Rumänien)" });
    expect(within(bamberg).getAllByRole("listitem")[0]!.textContent).toContain("Katrin Lindqvar");
    expect(within(bamberg).getAllByRole("listitem")[0]!.textContent).toContain("Geschäftsführung");
    expect(within(sibiu).getAllByRole("listitem")[0]!.textContent).toContain("Andreea Munteanu");
    expect(within(sibiu).getAllByRole("listitem")[0]!.textContent).toContain("Qualitätsmanagement");
  });

  it("shows a responsive photo when there is one, the initials otherwise", () => {
    renderTeam([WITH_PHOTO, WITHOUT_PHOTO]);
    const [katrin, andreea] = screen.getAllByRole("listitem").filter((item) => item.querySelector("p"));
    const photo = katrin!.querySelector("img");
    expect(photo?.getAttribute("srcset")).toBe("/images/katrin-lindqvar-320.webp 1x");
    expect(photo?.getAttribute("loading")).toBe("lazy");
    expect(katrin!.querySelector("[data-initials]")).toBeNull();
    expect(andreea!.querySelector("img")).toBeNull();
    expect(andreea!.querySelector("[data-initials]")?.textContent).toContain("AM");
  });

  it("links e-mail and phone only when given", () => {
    renderTeam([WITH_PHOTO, WITHOUT_PHOTO]);
    expect(screen.getByRole("link", { name: "katrin@lindqvar.example" }).getAttribute("href")).toBe(
      "mailto:katrin@lindqvar.example",
    );
    expect(screen.getByRole("link", { name: "+49\u00a0951\u00a0000\u00a0010" }).getAttribute("href")).toBe(
      "tel:+49951000010",
    );
    expect(screen.getAllByRole("link")).toHaveLength(2);
  });

  it("takes the first letters of the first and the last name", () => {
    expect(initials("Mihai Lindqvar-Popescu")).toBe("ML");
    expect(initials("  radu  ionescu ")).toBe("RI");
    expect(initials("Cher")).toBe("C");
  });
});
