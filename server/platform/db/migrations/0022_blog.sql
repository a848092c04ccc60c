CREATE TYPE "public"."blog_category" AS ENUM('Trends', 'Guides', 'Reviews', 'Tips', 'Ethics', 'Business');--> statement-breakpoint
CREATE TYPE "public"."blog_post_status" AS ENUM('draft', 'published');--> statement-breakpoint
CREATE TABLE "blog_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"excerpt" text NOT NULL,
	"body_md" text NOT NULL,
	"body_html" text NOT NULL,
	"author_name" text NOT NULL,
	"category" "blog_category" NOT NULL,
	"cover_image" text,
	"featured" boolean DEFAULT false NOT NULL,
	"status" "blog_post_status" DEFAULT 'draft' NOT NULL,
	"read_minutes" integer DEFAULT 1 NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "blog_posts_slug_uq" ON "blog_posts" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "blog_posts_public_idx" ON "blog_posts" USING btree ("status","published_at" DESC NULLS LAST);--> statement-breakpoint
-- >>> hand-written: the blog is shown on cached public pages (/blog, posts, feed): every change bumps the content version.
CREATE TRIGGER blog_posts_content_version AFTER INSERT OR UPDATE OR DELETE ON blog_posts
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();--> statement-breakpoint
-- seed posts written for Toolscape (re-append after regenerating; HTML rendered by server/modules/content/markdown.ts)
INSERT INTO "blog_posts" ("slug", "title", "excerpt", "body_md", "body_html", "author_name", "category", "cover_image", "featured", "status", "read_minutes", "published_at", "created_at", "updated_at")
VALUES ('what-is-in-the-toolscape-catalogue', 'What is in the Toolscape catalogue', '{{tools}} AI tools from {{providers}} providers in {{categories}} categories: where the entries come from, what they say about pricing, and how to explore them.', 'Toolscape lists **{{tools}} AI tools** from **{{providers}} providers**, sorted into **{{categories}} categories**. Those numbers are not typed in: this post counts the live catalogue every time it is shown, so they are as fresh as the page you are reading.

## Where the entries come from

The catalogue started from openly licensed public datasets of AI tools, merged and de-duplicated. Every name, description, tag and pricing model in those entries was copied from the source; where a source said nothing, the field stays empty or says "Unknown" rather than guessing. The sources and their licences are credited in the footer of every page.

Since then the catalogue grows through [tool submissions](/submit-tool) reviewed by our moderators, and through corrections from members.

## What "free to start" means here

**{{freeToStart}}** tools are free to start: they are free, freemium or open source. **{{openSource}}** of them are open source. A large share of entries still has an unknown pricing model, because the sources did not state one; those are not counted as free.

## How to explore it

- Browse by [category](/categories) or open the full list at [/tools](/tools).
- Search matches names, descriptions, providers and tags.
- Put up to two tools side by side in [Compare](/compare) on the free plan (five on Standard, ten on Expert).

If you spot an entry that is wrong or a tool that has closed, tell us: corrections are how a directory stays honest.', '<p>Toolscape lists <strong>{{tools}} AI tools</strong> from <strong>{{providers}} providers</strong>, sorted into <strong>{{categories}} categories</strong>. Those numbers are not typed in: this post counts the live catalogue every time it is shown, so they are as fresh as the page you are reading.</p>
<h2>Where the entries come from</h2>
<p>The catalogue started from openly licensed public datasets of AI tools, merged and de-duplicated. Every name, description, tag and pricing model in those entries was copied from the source; where a source said nothing, the field stays empty or says "Unknown" rather than guessing. The sources and their licences are credited in the footer of every page.</p>
<p>Since then the catalogue grows through <a href="/submit-tool">tool submissions</a> reviewed by our moderators, and through corrections from members.</p>
<h2>What "free to start" means here</h2>
<p><strong>{{freeToStart}}</strong> tools are free to start: they are free, freemium or open source. <strong>{{openSource}}</strong> of them are open source. A large share of entries still has an unknown pricing model, because the sources did not state one; those are not counted as free.</p>
<h2>How to explore it</h2>
<ul>
<li>Browse by <a href="/categories">category</a> or open the full list at <a href="/tools">/tools</a>.</li>
<li>Search matches names, descriptions, providers and tags.</li>
<li>Put up to two tools side by side in <a href="/compare">Compare</a> on the free plan (five on Standard, ten on Expert).</li>
</ul>
<p>If you spot an entry that is wrong or a tool that has closed, tell us: corrections are how a directory stays honest.</p>
', 'Toolscape Team', 'Trends', '/blog/catalogue.svg', true, 'published', 2, '2026-11-24T09:00:00Z', '2026-11-24T09:00:00Z', '2026-11-24T09:00:00Z')
ON CONFLICT ("slug") DO NOTHING;--> statement-breakpoint
INSERT INTO "blog_posts" ("slug", "title", "excerpt", "body_md", "body_html", "author_name", "category", "cover_image", "featured", "status", "read_minutes", "published_at", "created_at", "updated_at")
VALUES ('how-we-test-ai-tools', 'How we test AI tools', 'Five criteria weighted 30/25/20/15/10, a five-step hands-on process, re-tests every 90 days, and an honest note on what is automated today.', 'Every rating on Toolscape is meant to answer one question: how well does this tool do the job it promises, for the price it asks? This is the method we apply. It is the same for every tool, and a maker cannot pay to change it.

## The five criteria and their weights

| Criterion | Weight |
|---|---|
| Ease of Use | 30% |
| Feature Completeness | 25% |
| Performance | 20% |
| Value for Money | 15% |
| Security & Privacy | 10% |

Each criterion is scored from 1 to 5; the overall score is the weighted average.

## The five steps

1. **Sign up like a customer.** We use the plan a typical buyer would choose, paid for like anyone else.
2. **Use it for real work for at least 7 days.** Hands-on, with the tasks the tool is sold for.
3. **Measure.** Speed, reliability and output quality on the same tasks for tools in the same category.
4. **Read the fine print.** Pricing, limits, data retention and what happens to what you upload.
5. **Score and write up.** The five criteria above, with the reasons.

## Re-testing

AI tools change quickly, so tested tools are re-tested every **90 days**, and sooner when a tool changes its pricing or features.

## What is automated and what is not

Being honest about this matters. Today, most of the catalogue comes from openly licensed public datasets and has **not** been through the hands-on process above. What runs automatically for every tool is limited to checks a machine can do fairly: whether the tool''s website still answers, and whether its listed facts changed. Scores from hands-on testing are done by people, and we would rather show no score than an invented one.

More on the method at [How we test](/how-we-test).', '<p>Every rating on Toolscape is meant to answer one question: how well does this tool do the job it promises, for the price it asks? This is the method we apply. It is the same for every tool, and a maker cannot pay to change it.</p>
<h2>The five criteria and their weights</h2>
<table>
<thead>
<tr>
<th>Criterion</th>
<th>Weight</th>
</tr>
</thead>
<tbody><tr>
<td>Ease of Use</td>
<td>30%</td>
</tr>
<tr>
<td>Feature Completeness</td>
<td>25%</td>
</tr>
<tr>
<td>Performance</td>
<td>20%</td>
</tr>
<tr>
<td>Value for Money</td>
<td>15%</td>
</tr>
<tr>
<td>Security &amp; Privacy</td>
<td>10%</td>
</tr>
</tbody></table>
<p>Each criterion is scored from 1 to 5; the overall score is the weighted average.</p>
<h2>The five steps</h2>
<ol>
<li><strong>Sign up like a customer.</strong> We use the plan a typical buyer would choose, paid for like anyone else.</li>
<li><strong>Use it for real work for at least 7 days.</strong> Hands-on, with the tasks the tool is sold for.</li>
<li><strong>Measure.</strong> Speed, reliability and output quality on the same tasks for tools in the same category.</li>
<li><strong>Read the fine print.</strong> Pricing, limits, data retention and what happens to what you upload.</li>
<li><strong>Score and write up.</strong> The five criteria above, with the reasons.</li>
</ol>
<h2>Re-testing</h2>
<p>AI tools change quickly, so tested tools are re-tested every <strong>90 days</strong>, and sooner when a tool changes its pricing or features.</p>
<h2>What is automated and what is not</h2>
<p>Being honest about this matters. Today, most of the catalogue comes from openly licensed public datasets and has <strong>not</strong> been through the hands-on process above. What runs automatically for every tool is limited to checks a machine can do fairly: whether the tool''s website still answers, and whether its listed facts changed. Scores from hands-on testing are done by people, and we would rather show no score than an invented one.</p>
<p>More on the method at <a href="/how-we-test">How we test</a>.</p>
', 'Toolscape Team', 'Guides', '/blog/testing.svg', false, 'published', 2, '2026-11-23T09:00:00Z', '2026-11-23T09:00:00Z', '2026-11-23T09:00:00Z')
ON CONFLICT ("slug") DO NOTHING;--> statement-breakpoint
INSERT INTO "blog_posts" ("slug", "title", "excerpt", "body_md", "body_html", "author_name", "category", "cover_image", "featured", "status", "read_minutes", "published_at", "created_at", "updated_at")
VALUES ('choosing-a-free-ai-writing-tool', 'Choosing a free AI writing tool', 'Paraphrasers, long-form writers, summarisers and story generators that are free to start, drawn from the Writing category of the catalogue, and what to check first.', '"Free AI writing tool" covers very different things: paraphrasers, long-form writers, summarisers and story generators. This guide is drawn from the Writing category of the Toolscape catalogue, and only quotes what the catalogue holds about each tool.

## First, decide what kind of help you need

- **Rewriting what you wrote**: paraphrasers and rewriters.
- **Drafting from a prompt**: long-form writers.
- **Reading less**: summarisers that shorten articles and papers.
- **Fiction**: story generators.

## Some free-to-start options from the catalogue

Pricing models below are the ones listed in the catalogue: *Freemium* means a free tier with paid upgrades, so check the limits of the free tier on the maker''s site.

| Tool | Pricing | What its listing says |
|---|---|---|
| [Quillbot Paraphraser](/tools/quillbot-paraphraser) | Freemium | QuillBot''s AI-powered Paraphrasing Tool Will Enhance Your Writing. |
| [Paragraph AI](/tools/paragraph-ai) | Freemium | Paragraphai • Best AI Writing App • Free AI Writing Assistant Tool. |
| [Jasper.ai](/tools/jasper-ai) | Freemium | Jasper - AI Copywriter - AI Content Generator for Teams. |
| [Scholarcy](/tools/scholarcy) | Freemium | Online Summarizing Tool - Flashcard Generator & Summarizer - Scholarcy. |
| [TLDR This](/tools/tldr-this) | Freemium | TLDR This - Article Summarizer & Online Text Summarizing Tool. |
| [AI Storyteller](/tools/ai-storyteller) | Free | Free web tool that uses AI to generate original stories from user prompts without requiring registration. |
| [Humanize-Text](/tools/humanize-text) | Open Source | AI text humanizer with a multilingual rewriting pipeline and step-by-step examples. |

These are not ranked and not reviewed: they are entries from the catalogue, picked to show the range. Listing descriptions are written by the makers or the source datasets, not by us.

## Questions worth asking before you commit

1. **What are the free tier''s limits?** Words per month, features held back, watermarks.
2. **What happens to your text?** Is it used for training? Can you delete it?
3. **Does it fit where you write?** Browser extension, desktop app or only a web editor.
4. **Would you pay for it later?** Compare the paid price with what you would actually use.

To see more, open the [Writing category](/tools?category=Writing) and filter by price, or put two candidates side by side in [Compare](/compare).', '<p>"Free AI writing tool" covers very different things: paraphrasers, long-form writers, summarisers and story generators. This guide is drawn from the Writing category of the Toolscape catalogue, and only quotes what the catalogue holds about each tool.</p>
<h2>First, decide what kind of help you need</h2>
<ul>
<li><strong>Rewriting what you wrote</strong>: paraphrasers and rewriters.</li>
<li><strong>Drafting from a prompt</strong>: long-form writers.</li>
<li><strong>Reading less</strong>: summarisers that shorten articles and papers.</li>
<li><strong>Fiction</strong>: story generators.</li>
</ul>
<h2>Some free-to-start options from the catalogue</h2>
<p>Pricing models below are the ones listed in the catalogue: <em>Freemium</em> means a free tier with paid upgrades, so check the limits of the free tier on the maker''s site.</p>
<table>
<thead>
<tr>
<th>Tool</th>
<th>Pricing</th>
<th>What its listing says</th>
</tr>
</thead>
<tbody><tr>
<td><a href="/tools/quillbot-paraphraser">Quillbot Paraphraser</a></td>
<td>Freemium</td>
<td>QuillBot''s AI-powered Paraphrasing Tool Will Enhance Your Writing.</td>
</tr>
<tr>
<td><a href="/tools/paragraph-ai">Paragraph AI</a></td>
<td>Freemium</td>
<td>Paragraphai • Best AI Writing App • Free AI Writing Assistant Tool.</td>
</tr>
<tr>
<td><a href="/tools/jasper-ai">Jasper.ai</a></td>
<td>Freemium</td>
<td>Jasper - AI Copywriter - AI Content Generator for Teams.</td>
</tr>
<tr>
<td><a href="/tools/scholarcy">Scholarcy</a></td>
<td>Freemium</td>
<td>Online Summarizing Tool - Flashcard Generator &amp; Summarizer - Scholarcy.</td>
</tr>
<tr>
<td><a href="/tools/tldr-this">TLDR This</a></td>
<td>Freemium</td>
<td>TLDR This - Article Summarizer &amp; Online Text Summarizing Tool.</td>
</tr>
<tr>
<td><a href="/tools/ai-storyteller">AI Storyteller</a></td>
<td>Free</td>
<td>Free web tool that uses AI to generate original stories from user prompts without requiring registration.</td>
</tr>
<tr>
<td><a href="/tools/humanize-text">Humanize-Text</a></td>
<td>Open Source</td>
<td>AI text humanizer with a multilingual rewriting pipeline and step-by-step examples.</td>
</tr>
</tbody></table>
<p>These are not ranked and not reviewed: they are entries from the catalogue, picked to show the range. Listing descriptions are written by the makers or the source datasets, not by us.</p>
<h2>Questions worth asking before you commit</h2>
<ol>
<li><strong>What are the free tier''s limits?</strong> Words per month, features held back, watermarks.</li>
<li><strong>What happens to your text?</strong> Is it used for training? Can you delete it?</li>
<li><strong>Does it fit where you write?</strong> Browser extension, desktop app or only a web editor.</li>
<li><strong>Would you pay for it later?</strong> Compare the paid price with what you would actually use.</li>
</ol>
<p>To see more, open the <a href="/tools?category=Writing">Writing category</a> and filter by price, or put two candidates side by side in <a href="/compare">Compare</a>.</p>
', 'Toolscape Team', 'Tips', '/blog/writing.svg', false, 'published', 2, '2026-11-22T09:00:00Z', '2026-11-22T09:00:00Z', '2026-11-22T09:00:00Z')
ON CONFLICT ("slug") DO NOTHING;
-- <<< hand-written
