import { describe, expect, it } from "vitest";
import { iconIndex } from "./icon-sets.ts";
import { matchLogo, ownDomain } from "./match.ts";
import { renderLogo } from "./render.ts";

const index = iconIndex();
const match = (name: string, websiteUrl: string) => matchLogo({ name, websiteUrl }, index);

describe("bundled logo matching", () => {
  it("reads all three sets", () => {
    const sets = new Set([...index.byId.values()].map((i) => i.set));
    expect([...sets].sort()).toEqual(["iconify-logos", "lobehub", "simple-icons"]);
    expect(index.size).toBeGreaterThan(4000);
  });

  it("matches by exact name and own domain", () => {
    expect(match("DeepL", "http://www.deepl.com")).toMatchObject({ how: "name and domain" });
    expect(match("Claude", "https://claude.ai/")?.icon.key).toBe("claude");
    expect(match("Otter.ai", "https://otter.ai/")?.icon.key).toBe("otterai");
  });

  it("matches by the tool's own registrable domain when the name differs", () => {
    const chatgpt = match("ChatGPT", "http://chat.openai.com");
    expect(chatgpt).toMatchObject({ how: "domain", evidence: "openai.com" });
    expect(chatgpt?.icon.key).toBe("openai");
    expect(match("Notion AI", "http://www.notion.so")?.icon.key).toBe("notion");
  });

  it("matches AI brands by name even on a shared host", () => {
    expect(match("Ollama", "https://github.com/ollama/ollama")).toMatchObject({ how: "name" });
    expect(match("GitHub Copilot", "http://github.com/features/copilot")?.icon.set).toBe("lobehub");
  });

  it("never gives a shared host's or a platform's own mark", () => {
    const refused: [string, string][] = [
      ["Cool Agent", "https://github.com/someone/cool-agent"],
      ["Some Model", "https://huggingface.co/someone/some-model"],
      ["Demo", "https://huggingface.co/spaces/someone/demo"],
      ["Tab Helper", "https://chrome.google.com/webstore/detail/tab-helper/abcdef"],
      ["Tab Helper 2", "https://chromewebstore.google.com/detail/tab-helper/abcdef"],
      ["Phone App", "https://apps.apple.com/us/app/phone-app/id123"],
      ["Droid App", "https://play.google.com/store/apps/details?id=x"],
      ["Sheets GPT", "https://workspace.google.com/marketplace/app/sheets_gpt/123"],
      ["Code Plugin", "https://plugins.jetbrains.com/plugin/20085-codeassist"],
      ["My GPT", "https://chatgpt.com/g/g-abc-my-gpt"],
      ["Site", "https://mytool.vercel.app/"],
      ["Probe", "https://agentprobe.fly.dev/"],
      ["Ebook", "https://someone.gumroad.com/l/ebook"],
      ["Page", "https://sites.google.com/view/page"],
      ["Notebook", "https://colab.research.google.com/drive/1abc"],
    ];
    for (const [name, url] of refused) {
      expect(ownDomain(url), url).toBeNull();
      expect(match(name, url), url).toBeNull();
    }
  });

  it("does not take a same-named brand from another domain ending", () => {
    // fathom.video is not Fathom Analytics, rime.ai is not Rime, copilot.us is not Microsoft Copilot.
    expect(match("fathom.video", "https://fathom.video")).toBeNull();
    expect(match("Rime AI", "https://rime.ai/")).toBeNull();
    expect(match("Chat With PDF by Copilot.us", "https://copilot.us/apps/chat-with-pdf")).toBeNull();
    // …and a brand word as a name alone, outside the AI-brands set, is not enough.
    expect(match("Compass", "https://compass-ai.example/")).toBeNull();
  });

  it("renders square WebP logos at 64 and 128 px", async () => {
    const icon = match("DeepL", "http://www.deepl.com")?.icon;
    if (!icon) throw new Error("no DeepL mark");
    const out = await renderLogo(icon);
    expect([...out.keys()]).toEqual([64, 128]);
    const sharp = (await import("sharp")).default;
    const meta = await sharp(Buffer.from(out.get(128) as Uint8Array)).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 128, height: 128 });
  });
});
