import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { cleanup, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";

import { CertificateList, CustomerLogos, MembershipList, TrustSection } from "./trust-lists";

const i18n = setupI18n({
  locale: "de",
  messages: {
    de: {
      "trust.heading": ["Prüfbare Qualität"],
      "trust.certificates_heading": ["Zertifikate"],
      "trust.memberships_heading": ["Mitgliedschaften"],
      "trust.customers_heading": ["Kunden"],
      "trust.issuer": ["Ausgestellt von ", ["issuer"]],
      "trust.number": ["Zertifikat-Nr. ", ["number"]],
      "trust.valid_until": ["Gültig bis ", ["date"]],
    },
  },
});

function renderIn(node: ReactNode) {
  return render(<I18nProvider i18n={i18n}>{node}</I18nProvider>);
}

const ISO = { name: "ISO 9001:2015", issuer: "Prüfstelle", number: "QM-1", validUntil: "2029-03-31" };
const FED = { name: "FED", url: "https://www.fed.example" };
const ACME = { name: "Acme Sensorik", logo: "/images/customers/acme.svg", url: "https://acme.example" };

afterEach(cleanup);

describe("trust lists", () => {
  it("show nothing while their list is empty", () => {
    const { container } = renderIn(
      <>
        <CertificateList certificates={[]} />
        <MembershipList memberships={[]} />
        <CustomerLogos customers={[]} />
        <TrustSection certificates={[]} memberships={[]} customers={[]} />
      </>,
    );
    expect(container.innerHTML).toBe("");
  });

  it("list a certificate with issuer, number and validity in the page's language", () => {
    renderIn(<CertificateList certificates={[ISO, { name: "IPC-A-610", issuer: "IPC" }]} />);
    const list = screen.getByRole("region", { name: "Zertifikate" });
    expect(list.textContent).toContain("ISO 9001:2015");
    expect(list.textContent).toContain("Ausgestellt von Prüfstelle");
    expect(list.textContent).toContain("Zertifikat-Nr. QM-1");
    expect(list.textContent).toContain("Gültig bis 31.03.2029");
    // The optional fields stay away when not given.
    const ipc = screen.getByText("IPC-A-610").parentElement!;
    expect(ipc.textContent).not.toContain("Zertifikat-Nr.");
    expect(ipc.textContent).not.toContain("Gültig bis");
  });

  it("link memberships and name customer logos", () => {
    renderIn(<TrustSection certificates={[]} memberships={[FED]} customers={[ACME]} />);
    expect(screen.getByRole("heading", { level: 2, name: "Prüfbare Qualität" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Zertifikate" })).toBeNull();
    expect(screen.getByRole("link", { name: "FED" }).getAttribute("href")).toBe(FED.url);
    const logo = screen.getByRole("img", { name: "Acme Sensorik" });
    expect(logo.getAttribute("src")).toBe(ACME.logo);
    expect(logo.getAttribute("loading")).toBe("lazy");
    expect(screen.getByRole("link", { name: "Acme Sensorik" }).getAttribute("href")).toBe(ACME.url);
  });
});
