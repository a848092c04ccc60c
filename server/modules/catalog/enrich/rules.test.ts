import { describe, expect, it } from "vitest";
import { inferPricing } from "./pricing.ts";
import { inferProvider } from "./provider.ts";
import { decodeEntities, hasApostropheArtefact, repairText } from "./text-repair.ts";

const tool = (over: Partial<Parameters<typeof inferProvider>[0]>) => ({
  name: "Example",
  description: "",
  fullDescription: "",
  websiteUrl: "https://example.com/",
  ...over,
});

describe("provider", () => {
  it("reads the company from the description's own words", () => {
    const chatgpt = inferProvider(
      tool({ name: "ChatGPT", fullDescription: "ChatGPT is an advanced language model developed by OpenAI. It has…" }),
    );
    expect(chatgpt?.value).toBe("OpenAI");
    expect(chatgpt?.rule).toContain("developed by OpenAI");
    expect(inferProvider(tool({ description: "Talk to Claude, an AI assistant from Anthropic." }))?.value).toBe(
      "Anthropic",
    );
    expect(inferProvider(tool({ description: "Art generator by Adobe that creates images." }))?.value).toBe("Adobe");
    expect(inferProvider(tool({ description: "A series of LLMs created by Moonshot AI. Fast." }))?.value).toBe(
      "Moonshot AI",
    );
    // An unknown company after "developed by" is its own name, cut at the sentence.
    expect(inferProvider(tool({ description: "A toolkit developed by Cognition Labs. It plans." }))?.value).toBe(
      "Cognition Labs",
    );
    expect(inferProvider(tool({ description: "Qwen is built by Alibaba Cloud. A model family." }))?.value).toBe(
      "Alibaba Cloud",
    );
  });

  it("does not name a company the tool only uses", () => {
    expect(inferProvider(tool({ description: "A writing app powered by OpenAI models." }))).toBeNull();
    expect(inferProvider(tool({ description: "Chat with PDFs using models from Anthropic." }))).toBeNull();
    expect(inferProvider(tool({ description: "An open alternative to Copilot from Microsoft." }))).toBeNull();
    expect(inferProvider(tool({ description: "Generate images from text prompts." }))).toBeNull();
    expect(inferProvider(tool({ description: "Made by AI for everyone." }))).toBeNull();
    expect(inferProvider(tool({ description: "Import your notes from Notion in one click." }))).toBeNull();
  });

  it("maps a company's own domain, with its sub-domains", () => {
    expect(inferProvider(tool({ websiteUrl: "http://chat.openai.com" }))?.value).toBe("OpenAI");
    expect(inferProvider(tool({ websiteUrl: "https://notebooklm.google.com/" }))?.value).toBe("Google");
    expect(inferProvider(tool({ websiteUrl: "https://claude.ai/" }))?.rule).toContain("claude.ai");
  });

  it("uses a repository's owner on a shared host, never the host itself", () => {
    expect(inferProvider(tool({ websiteUrl: "https://github.com/openai/whisper" }))?.value).toBe("OpenAI");
    expect(inferProvider(tool({ websiteUrl: "https://huggingface.co/stabilityai/sdxl" }))?.value).toBe("Stability AI");
    // github.com belongs to GitHub, but a stranger's repository there is not GitHub's tool.
    expect(inferProvider(tool({ websiteUrl: "https://github.com/someone/cool-agent" }))).toBeNull();
    expect(inferProvider(tool({ websiteUrl: "https://chrome.google.com/webstore/detail/x/abc" }))).toBeNull();
    expect(inferProvider(tool({ websiteUrl: "https://sites.google.com/view/mytool" }))).toBeNull();
    expect(inferProvider(tool({ websiteUrl: "https://colab.research.google.com/drive/1" }))).toBeNull();
  });
});

describe("pricing model", () => {
  const p = (over: Partial<Parameters<typeof inferPricing>[0]>) =>
    inferPricing({
      description: "",
      fullDescription: "",
      websiteUrl: "https://example.com",
      tags: [],
      features: [],
      ...over,
    });

  it("reads the sources' open-source markers", () => {
    expect(p({ tags: ["Agents", "open source"] })?.value).toBe("open_source");
    expect(p({ features: ["Open source"] })?.value).toBe("open_source");
  });

  it("reads GitHub and Hugging Face addresses", () => {
    expect(p({ websiteUrl: "https://github.com/ollama/ollama" })).toMatchObject({ value: "open_source" });
    expect(p({ websiteUrl: "https://gitlab.com/group/project" })?.value).toBe("open_source");
    expect(p({ websiteUrl: "https://huggingface.co/CompVis/stable-diffusion-v1-4" })?.value).toBe("open_source");
    expect(p({ websiteUrl: "https://huggingface.co/spaces/user/demo" })?.value).toBe("free");
    // GitHub's own product pages are not repositories.
    expect(p({ websiteUrl: "https://github.com/features" })).toBeNull();
    expect(p({ websiteUrl: "https://huggingface.co/docs/transformers" })).toBeNull();
  });

  it("reads explicit price words", () => {
    expect(p({ description: "Agents is an open-source framework for building agents." })?.value).toBe("open_source");
    expect(p({ description: "A freemium writing assistant." })?.value).toBe("freemium");
    expect(p({ description: "Start for free, upgrade any time." })?.value).toBe("freemium");
    expect(p({ description: "Completely free photo restorer." })?.value).toBe("free");
    expect(p({ description: "Plans from $12/month for teams." })?.value).toBe("subscription");
    expect(p({ description: "A one-time purchase, yours forever." })?.value).toBe("paid");
  });

  it("does not read prices into words that are not", () => {
    expect(p({ description: "There is no free plan." })).toBeNull();
    expect(p({ description: "Free yourself from busywork." })).toBeNull();
    expect(p({ description: "Summarise open source licences for your legal team." })).toBeNull();
    expect(p({ description: "An AI for free-form text." })).toBeNull();
  });
});

describe("text normaliser", () => {
  it("repairs the sources' title-casing artefacts", () => {
    expect(repairText("Deepl Translate: The World'S Most Accurate Translator.", "DeepL").text).toBe(
      "DeepL Translate: The World's Most Accurate Translator.",
    );
    expect(repairText("Bust Writer'S Block", "Sudowrite").text).toBe("Bust Writer's Block");
    expect(repairText("Personalized Kid’S Books.").text).toBe("Personalized Kid’s Books.");
    expect(repairText("ThereS a New Way to Make Video.").text).toBe("There's a New Way to Make Video.");
    expect(repairText("Apowerful Language Model for Text Generation.").text).toBe(
      "A powerful Language Model for Text Generation.",
    );
    expect(repairText("Great tool. Asimple way to edit.").text).toBe("Great tool. A simple way to edit.");
    expect(repairText("Anintelligent helper").text).toBe("An intelligent helper");
    expect(repairText("R&amp;D notes &#8211; fast&nbsp;&amp;&#x20AC;5").text).toBe("R&D notes – fast &€5");
    expect(repairText("Tom &amp;amp; Jerry").text).toBe("Tom & Jerry");
  });

  it("names the rules it applied", () => {
    expect(repairText("The World'S best &amp; Apowerful", "X").rules).toEqual(["html-entity", "apostrophe-case"]);
    expect(repairText("Apowerful tool").rules).toEqual(["glued-article"]);
  });

  it("leaves alone what it must not change", () => {
    const untouched = [
      "IT'S ALL CAPS AND STAYS SO",
      "Written by Conan O'Sullivan.",
      "Amazing images. Another tool. Ahead of time. Around the world.",
      "Anew, the journal app. Asana integration. Apple Notes.",
      "Abstract art from text",
      "AT&T and R&D; &copy without a semicolon; &bogus; entity",
      "&#0; &#x7f; &#55296; control and surrogate entities stay",
      "Let's go, it's fine, the world's best",
      "Schrödinger'S cat", // capital S after a non-ASCII lower-case letter is fixed…
    ];
    for (const text of untouched.slice(0, -1)) expect(repairText(text).text, text).toBe(text);
    expect(repairText("Schrödinger'S cat").text).toBe("Schrödinger's cat");
    // The name rule only touches mixed-case one-word brands, and never lower-case addresses.
    expect(repairText("Visit deepl.com or DEEPL", "DeepL").text).toBe("Visit deepl.com or DEEPL");
    expect(repairText("Notion ai helps", "Notion AI").text).toBe("Notion ai helps");
  });

  it("decodes only printable numeric entities", () => {
    expect(decodeEntities("&#65;&#x42;&#0;")).toBe("AB&#0;");
  });

  it("detects the artefact the seed check counts", () => {
    expect(hasApostropheArtefact("The World'S best")).toBe(true);
    expect(hasApostropheArtefact("The World's best, IT'S")).toBe(false);
  });
});
