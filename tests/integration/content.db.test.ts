import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogStats } from "../../server/modules/catalog/index.ts";
import { parseDoc } from "../../server/modules/content/docs.ts";
import { allDocs, renderMarkdown, searchDocs } from "../../server/modules/content/index.ts";
import { listAudit } from "../../server/platform/audit.ts";
import { queryRows, sql } from "../../server/platform/db/index.ts";
import { Client, createMember, type Member } from "../helpers/accounts.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/**
 * Issue 12 (blog, documentation, info pages): the blog's filters and empty state, drafts hidden
 * from the public, admin-only writes with audit rows, sanitised Markdown, a well-formed Atom
 * feed, documentation search, and info pages quoting figures from the database.
 */
let server: TestServer;
let admin: Member;
let member: Member;
let visitor: Client;

beforeAll(async () => {
  server = await startTestServer({ pages: true });
  admin = await createMember(server, { role: "admin", name: "Ada Admin" });
  member = await createMember(server, { tier: "expert" });
  visitor = new Client(server);
});
afterAll(() => server?.close());

const html = async (client: Client, path: string) => {
  const res = await client.fetch(path);
  return { status: res.status, body: await res.text() };
};
const postLinks = (body: string) => [...body.matchAll(/href="\/blog\/([a-z0-9-]+)"/g)].map((m) => m[1]);

const post = (fields: Record<string, string> = {}) => ({
  intent: "save",
  title: "Integration draft",
  excerpt: "A post written by the content test.",
  body: "Hello **world**.",
  author: "Test Author",
  category: "Business",
  status: "draft",
  ...fields,
});

async function postId(slug: string): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    server.services.db,
    sql`SELECT id FROM blog_posts WHERE slug = ${slug}`,
  );
  if (!row) throw new Error(`no post ${slug}`);
  return row.id;
}

describe("blog (public)", () => {
  it("lists the seeded posts with the featured one set apart only for All without search", async () => {
    const all = await html(visitor, "/blog");
    expect(all.status).toBe(200);
    expect(all.body).toContain('aria-label="Featured post"');
    expect(all.body).toContain("What is in the Toolscape catalogue");
    expect(all.body).toContain('rel="alternate" type="application/atom+xml"');
    for (const slug of ["how-we-test-ai-tools", "choosing-a-free-ai-writing-tool"])
      expect(postLinks(all.body)).toContain(slug);

    const tips = await html(visitor, "/blog?category=Tips");
    expect(tips.body).not.toContain('aria-label="Featured post"');
    expect(postLinks(tips.body)).toContain("choosing-a-free-ai-writing-tool");
    expect(postLinks(tips.body)).not.toContain("how-we-test-ai-tools");

    const search = await html(visitor, "/blog?q=providers");
    expect(search.body).not.toContain('aria-label="Featured post"');
    expect(postLinks(search.body)).toContain("what-is-in-the-toolscape-catalogue");
    expect(postLinks(search.body)).not.toContain("choosing-a-free-ai-writing-tool");
  });

  it("shows 'No posts found' with Clear filters when nothing matches; odd input is not an error", async () => {
    const none = await html(visitor, "/blog?q=zzzz-no-such-post&category=Ethics");
    expect(none.status).toBe(200);
    expect(none.body).toContain("No posts found");
    expect(none.body).toMatch(/href="\/blog"[^>]*>Clear filters/);
    const odd = await html(visitor, `/blog?category=Nope&q=${encodeURIComponent("100%_\\'")}`);
    expect(odd.status).toBe(200);
    expect(odd.body).toContain("No posts found");
  });

  it("a post page has Article JSON-LD, live catalogue figures and a 404 for unknown slugs", async () => {
    const page = await html(visitor, "/blog/what-is-in-the-toolscape-catalogue");
    expect(page.status).toBe(200);
    const ld = [...page.body.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) =>
      JSON.parse(m[1] ?? "{}"),
    );
    expect(ld.find((x) => x["@type"] === "Article")?.headline).toBe("What is in the Toolscape catalogue");
    const stats = await catalogStats(server.services.db);
    expect(stats.tools).toBeGreaterThan(0);
    expect(page.body).toContain(`<strong>${stats.tools.toLocaleString("en-US")} AI tools</strong>`);
    expect(page.body).not.toContain("{{tools}}");
    expect((await visitor.fetch("/blog/no-such-post")).status).toBe(404);
    expect((await visitor.fetch("/blog/Bad%20Slug")).status).toBe(404);
  });

  it("the Atom feed is well-formed XML with one entry per published post", async () => {
    const res = await visitor.fetch("/blog/feed.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/atom+xml");
    const xml = await res.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="utf-8"?>')).toBe(true);
    assertWellFormed(xml);
    const [{ n }] = (await queryRows<{ n: number }>(
      server.services.db,
      sql`SELECT count(*)::int AS n FROM blog_posts WHERE status = 'published'`,
    )) as [{ n: number }];
    expect(xml.match(/<entry>/g)?.length).toBe(Math.min(n, 20));
    expect(xml).toContain(`<link rel="alternate" type="text/html" href="${server.url}/blog/how-we-test-ai-tools"/>`);
  });

  it("the sitemap lists the blog, its posts, the documentation and the info pages", async () => {
    const { body } = await html(visitor, "/sitemap.xml");
    for (const path of [
      "/blog",
      "/blog/how-we-test-ai-tools",
      "/documentation",
      "/documentation/public-api",
      "/about",
      "/how-we-test",
      "/accessibility",
      "/privacy",
      "/terms",
      "/affiliate-disclosure",
    ]) {
      expect(body).toContain(`<loc>${server.url}${path}</loc>`);
    }
  });
});

describe("blog (admin)", () => {
  it("only admins write: visitors 401, members 403, and nothing is stored", async () => {
    const before = await queryRows<{ n: number }>(server.services.db, sql`SELECT count(*)::int AS n FROM blog_posts`);
    expect((await visitor.form("/admin/blog/new", post({ slug: "by-visitor" }))).status).toBe(401);
    expect((await member.client.form("/admin/blog/new", post({ slug: "by-member" }))).status).toBe(403);
    const id = await postId("how-we-test-ai-tools");
    expect((await member.client.form("/admin/blog", { intent: "delete", id })).status).toBe(403);
    expect((await member.client.fetch("/admin/blog")).status).toBe(403);
    const after = await queryRows<{ n: number }>(server.services.db, sql`SELECT count(*)::int AS n FROM blog_posts`);
    expect(after).toEqual(before);
  });

  it("a draft is invisible to the public until published; every change is audited", async () => {
    const created = await admin.client.form(
      "/admin/blog/new",
      post({ title: "Draft about ethics", category: "Ethics" }),
    );
    expect(created.status).toBe(302);
    const id = await postId("draft-about-ethics");
    expect(created.headers.get("location")).toBe(`/admin/blog/${id}/edit?saved=1`);

    expect((await visitor.fetch("/blog/draft-about-ethics")).status).toBe(404);
    expect(postLinks((await html(visitor, "/blog?category=Ethics")).body)).not.toContain("draft-about-ethics");
    expect(await (await visitor.fetch("/blog/feed.xml")).text()).not.toContain("draft-about-ethics");
    expect((await html(admin.client, "/admin/blog")).body).toContain("Draft about ethics");

    expect((await admin.client.form("/admin/blog", { intent: "publish", id })).status).toBe(200);
    const live = await html(visitor, "/blog/draft-about-ethics");
    expect(live.status).toBe(200);
    expect(live.body).toContain("<strong>world</strong>");
    expect(postLinks((await html(visitor, "/blog?category=Ethics")).body)).toContain("draft-about-ethics");

    expect((await admin.client.form("/admin/blog", { intent: "unpublish", id })).status).toBe(200);
    expect((await visitor.fetch("/blog/draft-about-ethics")).status).toBe(404);

    expect((await admin.client.form("/admin/blog", { intent: "delete", id })).status).toBe(200);
    expect((await admin.client.form("/admin/blog", { intent: "delete", id })).status).toBe(404);

    const actions = (await listAudit(server.services.db, { target_id: id })).entries.map((e) => e.action).sort();
    expect(actions).toEqual(["blog_post.create", "blog_post.delete", "blog_post.publish", "blog_post.unpublish"]);
  });

  it("edits keep the first publication date; invalid input is a 400 with the reason, a taken slug a 409", async () => {
    const created = await admin.client.form("/admin/blog/new", post({ title: "Edited post", status: "published" }));
    expect(created.status).toBe(302);
    const id = await postId("edited-post");
    const [first] = await queryRows<{ published_at: Date }>(
      server.services.db,
      sql`SELECT published_at FROM blog_posts WHERE id = ${id}::uuid`,
    );
    const edit = await admin.client.form(
      `/admin/blog/${id}/edit`,
      post({ title: "Edited post, v2", slug: "edited-post", status: "published", body: "word ".repeat(450) }),
    );
    expect(edit.status).toBe(302);
    const [row] = await queryRows<{ title: string; published_at: Date; read_minutes: number }>(
      server.services.db,
      sql`SELECT title, published_at, read_minutes FROM blog_posts WHERE id = ${id}::uuid`,
    );
    expect(row?.title).toBe("Edited post, v2");
    expect(new Date(row?.published_at as Date).getTime()).toBe(new Date(first?.published_at as Date).getTime());
    expect(row?.read_minutes).toBe(3);

    const taken = await admin.client.form("/admin/blog/new", post({ slug: "how-we-test-ai-tools" }));
    expect(taken.status).toBe(409);
    expect(await taken.text()).toContain("Another post already uses this slug");
    const noTitle = await admin.client.form("/admin/blog/new", post({ title: " " }));
    expect(noTitle.status).toBe(400);
    expect(await noTitle.text()).toContain("Title is required");
    const hotlink = await admin.client.form("/admin/blog/new", post({ coverImage: "https://evil.example/x.png" }));
    expect(hotlink.status).toBe(400);
    expect(await hotlink.text()).toContain("no third-party images");
    const badCategory = await admin.client.form("/admin/blog/new", post({ category: "Gossip" }));
    expect(badCategory.status).toBe(400);
    expect((await admin.client.fetch(`/admin/blog/${id}/edit`)).status).toBe(200);
    expect((await admin.client.fetch("/admin/blog/not-a-uuid/edit")).status).toBe(404);
  });

  it("a body with <script>, event handlers and javascript: links renders inert, in the preview and when published", async () => {
    const hostile = [
      "<script>window.__pwned = 1</script>",
      '[click](javascript:alert(1)) <a href="JaVaScRiPt:alert(2)" onclick="alert(3)">x</a>',
      '<img src="x" onerror="alert(4)"> ![remote](https://tracker.example/pixel.png)',
      '<iframe src="https://evil.example"></iframe><style>body{display:none}</style>',
      "[fine](/tools) and [out](https://example.com)",
    ].join("\n\n");
    const preview = await admin.client.form("/admin/blog/new", { intent: "preview", body: hostile });
    expect(preview.status).toBe(200);
    const created = await admin.client.form(
      "/admin/blog/new",
      post({ title: "Hostile body", body: hostile, status: "published" }),
    );
    expect(created.status).toBe(302);
    const page = await html(visitor, "/blog/hostile-body");
    expect(page.status).toBe(200);
    const article = page.body.slice(page.body.indexOf("prose-content"), page.body.indexOf("More from the blog"));
    const previewPage = await preview.text();
    const previewHtml = previewPage.slice(previewPage.indexOf('aria-label="Preview"'));
    expect(previewHtml).toContain('<a href="/tools">fine</a>');
    for (const body of [article, previewHtml.slice(0, previewHtml.indexOf("</section>"))]) {
      expect(body).not.toMatch(/__pwned|onerror|onclick|javascript:|<iframe|tracker\.example|display:none/i);
    }
    expect(article).toContain('<a href="/tools">fine</a>');
    expect(article).toContain('<a href="https://example.com" rel="noopener noreferrer nofollow">out</a>');
    expect(renderMarkdown("<svg onload=alert(1)><a xlink:href='javascript:1'>x</a></svg>")).not.toMatch(
      /svg|onload|javascript/,
    );
  });
});

describe("documentation", () => {
  it("articles are Markdown files with valid front matter, including the public API guide", () => {
    const docs = allDocs();
    expect(docs.length).toBeGreaterThanOrEqual(8);
    const api = docs.find((d) => d.slug === "public-api");
    expect(api?.section).toBe("Public API");
    expect(api?.html).toContain("Authorization: Bearer");
    expect(api?.html).toContain('href="/documentation/api"');
    expect(api?.html).toContain("Retry-After");
    expect(() => parseDoc("broken", "no front matter")).toThrow(/front matter/);
    expect(() => parseDoc("broken", "---\ntitle: x\n---\nbody")).toThrow();
  });

  it("searches section titles, descriptions and article titles", () => {
    expect(searchDocs("public api").map((s) => s.title)).toEqual(["Public API"]);
    // A section title match keeps the whole section.
    expect(searchDocs("membership & billing")[0]?.articles.length).toBe(2);
    // Description-only match.
    expect(searchDocs("money-back").flatMap((s) => s.articles.map((a) => a.slug))).toEqual(["payments-and-refunds"]);
    expect(searchDocs("qqq-nothing")).toEqual([]);
  });

  it("the page shows sections, quick links and 'No documentation found'; articles have their own pages", async () => {
    const all = await html(visitor, "/documentation");
    expect(all.status).toBe(200);
    expect(all.body).toContain('href="/community"');
    expect(all.body).toContain('href="/contact"');
    expect(all.body).toContain('href="/documentation/public-api"');
    const found = await html(visitor, "/documentation?q=api");
    expect(found.body).toContain("Using the public API");
    expect(found.body).not.toContain("Comparing tools");
    const none = await html(visitor, "/documentation?q=zzzz-nothing");
    expect(none.body).toContain("No documentation found");
    const article = await html(visitor, "/documentation/public-api");
    expect(article.status).toBe(200);
    expect(article.body).toContain("<h1");
    expect((await visitor.fetch("/documentation/no-such-article")).status).toBe(404);
  });
});

describe("info pages", () => {
  it("each renders its heading; about and how-we-test quote figures from the database", async () => {
    const headings: Record<string, string> = {
      "/about": "About Toolscape",
      "/how-we-test": "How We Test",
      "/accessibility": "Accessibility Statement",
      "/privacy": "Privacy Policy",
      "/terms": "Terms of Service",
    };
    for (const [path, h1] of Object.entries(headings)) {
      const page = await html(visitor, path);
      expect(page.status, path).toBe(200);
      expect(page.body, path).toMatch(new RegExp(`<h1[^>]*>${h1}</h1>`));
    }
    const stats = await catalogStats(server.services.db);
    const about = await html(visitor, "/about");
    expect(about.body).toContain(`>${stats.tools.toLocaleString("en-US")}</dd>`);
    const [{ n }] = (await queryRows<{ n: number }>(
      server.services.db,
      sql`SELECT count(*)::int AS n FROM users WHERE suspended_at IS NULL`,
    )) as [{ n: number }];
    expect(about.body).toContain(`>${n.toLocaleString("en-US")}</dd>`);
    const test = await html(visitor, "/how-we-test");
    const text = test.body.replace(/<!-- -->/g, "");
    for (const w of ["30%", "25%", "20%", "15%", "10%", "90 days", "7 days"]) expect(text).toContain(w);
    const privacy = await html(visitor, "/privacy");
    for (const w of ["PayPal", "Cashfree", "never receive or store card data", "ts_aff", "ts_ref", 'href="/cookies"']) {
      expect(privacy.body).toContain(w);
    }
  });

  it("the footer links every info page and the documentation", async () => {
    const { body } = await html(visitor, "/about");
    const footer = body.slice(body.indexOf("<footer"));
    for (const path of ["/about", "/how-we-test", "/accessibility", "/privacy", "/terms", "/documentation", "/blog"]) {
      expect(footer).toContain(`href="${path}"`);
    }
  });
});

/** A small XML well-formedness check: balanced tags, quoted attributes, only known entities. */
function assertWellFormed(xml: string) {
  const body = xml.replace(/^<\?xml[^>]*\?>\s*/, "");
  const stack: string[] = [];
  const token = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>|([^<]+)|(<)/g;
  for (const m of body.matchAll(token)) {
    if (m[6]) throw new Error(`stray '<' at ${m.index}`);
    if (m[5] !== undefined) {
      const bad = m[5].match(/&(?!(?:lt|gt|amp|apos|quot|#\d+|#x[\da-fA-F]+);)/);
      if (bad) throw new Error(`bad entity near ${m[5].slice(0, 40)}`);
      continue;
    }
    const [, close, name, , selfClose] = m;
    if (close) {
      const open = stack.pop();
      if (open !== name) throw new Error(`</${name}> closes <${open}>`);
    } else if (!selfClose) stack.push(name as string);
  }
  expect(stack).toEqual([]);
}
