import { describe, expect, it } from "vitest";
import { editDistance, isPageTitle, nameWords, ownOneLiner, qualityProposals } from "./quality-rules.ts";

/** The quality pass's rules on the issue's own examples (issue 36 item 1, ADR 0075). */
const tool = (over: Partial<Parameters<typeof qualityProposals>[0]>) => ({
  name: "Example",
  description: "Writing assistant that drafts replies to e-mail with a language model.",
  fullDescription: "",
  domainKey: "example.com",
  tags: [],
  ...over,
});

/** A listing one source tagged "Chatbots and assistants", whatever it is, with its one line as its long text. */
const catchAllTagged = (name: string, description: string, domainKey: string) =>
  tool({ name, description, fullDescription: description, domainKey, tags: ["Chatbots and assistants", "Web", "API"] });

describe("quality rules", () => {
  it("proposes retiring a streaming site listed under Video Generation", () => {
    const text =
      "Free Chinese streaming website offering a wide range of TV shows and movies without requiring registration.";
    const found = qualityProposals(
      tool({ name: "123kanfang.com", description: text, fullDescription: text, domainKey: "123kanfang.com" }),
    );
    const retire = found.find((p) => p.action === "retire");
    expect(retire?.rule).toBe("off-topic");
    expect(retire?.reasons.join(" ")).toMatch(/TV shows and films/);
  });

  it("proposes retiring a bare web address with nothing about AI, but not one that is about AI", () => {
    const plain = "UK-based mobile advertising platform that provides a demand-side platform for buyers.";
    expect(qualityProposals(tool({ name: "adfonic.com", description: plain, domainKey: "adfonic.com" }))[0]?.rule).toBe(
      "web-address-name",
    );
    const ai = "AI-driven platform that generates business plans.";
    expect(qualityProposals(tool({ name: "15minuteplan.ai", description: ai, domainKey: "15minuteplan.ai" }))).toEqual(
      [],
    );
    expect(qualityProposals(tool({ name: "Character.com", description: "Chat with AI characters." }))).toEqual([]);
  });

  it("proposes the spelling the tool's own domain and description use ('Underduck' at uberduck.ai)", () => {
    const found = qualityProposals(
      tool({
        name: "Underduck",
        description: "Uberduck - Text-to-Speech, Voice Automation, Synthetic Media.",
        domainKey: "uberduck.ai",
      }),
    );
    const rename = found.find((p) => p.action === "rename");
    expect(rename?.proposed).toBe("Uberduck");
    // A name that is simply not its domain is no misspelling.
    expect(
      qualityProposals(tool({ name: "Claude", domainKey: "anthropic.com" })).some((p) => p.action === "rename"),
    ).toBe(false);
  });

  it("tells a page title from a description, and finds the tool's own one-liner", () => {
    expect(isPageTitle("Notion – One Workspace. Every Team.", "Notion AI", "notion.so")).toBe(true);
    expect(isPageTitle("Artflow.", "Artflow", "artflow.ai")).toBe(true);
    expect(isPageTitle("Writing assistant that drafts replies – fast.", "Lavender", "lavender.ai")).toBe(false);
    const notion = qualityProposals(
      tool({
        name: "Notion AI",
        description: "Notion – One Workspace. Every Team.",
        fullDescription: "Notion – One Workspace. Every Team.",
        domainKey: "notion.so",
      }),
    );
    // The data has no other description: an editor writes one.
    expect(notion).toEqual([expect.objectContaining({ rule: "page-title", action: "describe", proposed: null })]);
    const withOwn = {
      name: "Codeflash",
      description: "Codeflash – Ship Blazing-Fast Python Code.",
      fullDescription:
        "Codeflash finds the fastest version of your Python code and opens a pull request with it. More text.",
      domainKey: "codeflash.ai",
      tags: [],
    };
    expect(ownOneLiner(withOwn)).toBe(
      "Codeflash finds the fastest version of your Python code and opens a pull request with it.",
    );
    // A title-cased tagline is no description either.
    expect(
      ownOneLiner({ ...withOwn, fullDescription: "Make Music With AI Vocals And Voice Clones Today." }),
    ).toBeNull();
  });

  describe("not about AI (the seed's own rows)", () => {
    const onePassword = {
      name: "1Password",
      description:
        "Secure password manager that stores and autofills passwords, manages two-factor authentication, and enables safe sharing for individuals and teams.",
      fullDescription:
        "Secure password manager that stores and autofills passwords, manages two-factor authentication, and enables safe sharing for individuals and teams.",
      domainKey: "1password.com",
      tags: ["Business and finance", "Web", "Windows", "macOS", "Linux", "iOS", "Android", "Free Trial"],
    };
    const rules = (input: Parameters<typeof qualityProposals>[0]) => qualityProposals(input).map((p) => p.rule);

    it("proposes retiring a password manager, a design marketplace and a DeFi protocol, for an editor", () => {
      const designs =
        "Online platform that allows businesses to run design contests or hire freelance designers directly to create custom logos, branding, websites, and marketing materials.";
      const aave =
        "Decentralized finance protocol that allows users to lend and borrow cryptocurrencies without intermediaries, featuring flash loans and community governance.";
      for (const input of [
        onePassword,
        tool({ name: "99designs", description: designs, fullDescription: designs, domainKey: "99designs.com" }),
        tool({ name: "Aave", description: aave, fullDescription: aave, domainKey: "aave.com", tags: ["Web", "API"] }),
      ]) {
        const found = qualityProposals(input).filter((p) => p.rule === "not-about-ai");
        expect(found).toEqual([
          {
            rule: "not-about-ai",
            action: "retire",
            reasons: [
              "Nothing in its name, description or tags says it uses AI",
              "Its description says plainly what it does, and AI is no part of it",
            ],
            proposed: null,
          },
        ]);
      }
    });

    it("hears AI in glued names, .ai domains and the names of models", () => {
      expect(nameWords("AcademicGPT")).toBe("Academic GPT");
      expect(nameWords("ChatPDF")).toBe("Chat PDF");
      expect(nameWords("AiCure")).toBe("Ai Cure");
      expect(nameWords("Teacherbot")).toBe("Teacher bot");
      for (const name of ["AcademicGPT", "ChatPDF", "AiCure", "AirTrackBot", "GPTZero", "Password AI"]) {
        expect(rules({ ...onePassword, name })).not.toContain("not-about-ai");
      }
      expect(rules({ ...onePassword, domainKey: "vault.ai" })).not.toContain("not-about-ai");
      expect(rules({ ...onePassword, domainKey: "prisma-ai.com" })).not.toContain("not-about-ai");
      expect(
        rules({ ...onePassword, fullDescription: "Answers questions about your vault with OpenAI's models." }),
      ).not.toContain("not-about-ai");
      expect(
        rules({
          ...onePassword,
          description:
            "Platform that converts natural language questions into SQL queries, enabling users to interact with databases without coding.",
        }),
      ).not.toContain("not-about-ai");
    });

    it("never proposes a featured tool or one with an editors' summary (an editor vouched)", () => {
      expect(rules({ ...onePassword, featured: true })).not.toContain("not-about-ai");
      expect(rules({ ...onePassword, editorialSummary: "A password manager for teams." })).not.toContain(
        "not-about-ai",
      );
      expect(rules({ ...onePassword, editorialSummary: "  " })).toContain("not-about-ai");
    });

    it('does not take a source\'s catch-all tag for AI: Accenture under "Chatbots and assistants"', () => {
      const accenture =
        "Global professional services company offering consulting, technology, and digital transformation services to help businesses innovate and improve operations.";
      const listing = catchAllTagged("Accenture", accenture, "accenture.com");
      expect(rules(listing)).toContain("not-about-ai");
      // A tag that names what the tool does still counts, and so does "chatbot" in its own text.
      expect(rules({ ...listing, tags: ["Chatbot builder", "Web"] })).not.toContain("not-about-ai");
      expect(
        rules({ ...listing, description: `${accenture.slice(0, -1)}, with a chatbot for clients.` }),
      ).not.toContain("not-about-ai");
    });

    it('does not take "smart city" for AI (Actility ThingPark), while a smart assistant still is', () => {
      const actility =
        "Enterprise-grade IoT platform that enables large-scale deployment and management of LoRaWAN networks for industrial and smart city applications.";
      const listing = catchAllTagged("Actility ThingPark", actility, "actility.com");
      expect(rules(listing)).toContain("not-about-ai");
      expect(
        rules({ ...listing, description: actility.replace("smart city applications", "smart home devices") }),
      ).toContain("not-about-ai");
      // "smart" on its own, or on something that thinks, is still read as AI.
      expect(
        rules({ ...listing, description: `${actility.slice(0, -1)}, with smart alerts that learn each network.` }),
      ).not.toContain("not-about-ai");
    });

    it("says nothing when the description is too thin or sales talk to tell (Pika, Gamma)", () => {
      const pika = "An idea-to-video platform that brings your creativity to motion.";
      expect(rules(tool({ name: "Pika", description: pika, fullDescription: pika, domainKey: "pika.art" }))).toEqual(
        [],
      );
      const gamma = "Create beautiful presentations and webpages with none of the formatting and design work.";
      expect(
        rules(tool({ name: "Gamma", description: gamma, fullDescription: gamma, domainKey: "gamma.app" })),
      ).toEqual([]);
    });

    it("proposes one retirement per listing: a bare web address keeps its own rule", () => {
      const text =
        "UK-based mobile advertising platform that provides a demand-side platform (DSP) for programmatic buying of mobile ad inventory.";
      expect(
        rules(tool({ name: "adfonic.com", description: text, fullDescription: text, domainKey: "adfonic.com" })),
      ).toEqual(["web-address-name"]);
    });
  });

  it("leaves an ordinary listing alone", () => {
    expect(qualityProposals(tool({}))).toEqual([]);
    expect(editDistance("underduck", "uberduck")).toBe(2);
  });
});
