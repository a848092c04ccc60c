/**
 * The catalogue's categories (the dataset's 19 category names) with display data, and every other
 * key that must resolve to them: the spec's category-page keys (nlp, vision, …), the categories-page
 * ids (image-generation, video-audio, …) and the home hero's labels. Names are editorial, not data.
 */
export type CategoryDefinition = {
  name: string;
  slug: string;
  icon: string;
  description: string;
  featured?: boolean;
  aliases: string[];
};

export const CATEGORY_DEFINITIONS: CategoryDefinition[] = [
  {
    name: "Chatbots & Assistants",
    slug: "chatbots-assistants",
    icon: "💬",
    description: "Conversational assistants and language tools that answer, explain and draft in natural language.",
    featured: true,
    aliases: ["nlp", "natural-language-processing", "chatbots", "assistants", "ai-assistant", "language"],
  },
  {
    name: "Writing",
    slug: "writing",
    icon: "✍️",
    description: "Copywriting, editing, summarising and content tools that help you write faster and better.",
    featured: true,
    aliases: ["writing-tools", "ai-writing-tools", "content-writing", "copywriting"],
  },
  {
    name: "Image Generation",
    slug: "image-generation",
    icon: "🎨",
    description: "Create and edit images, illustrations and photos from text prompts or references.",
    featured: true,
    aliases: ["vision", "image", "images", "image-editing", "computer-vision", "art"],
  },
  {
    name: "Video Generation",
    slug: "video-generation",
    icon: "🎬",
    description: "Generate, edit and enhance video: avatars, clips, subtitles and full productions.",
    featured: true,
    aliases: ["video-audio", "video", "video-editing"],
  },
  {
    name: "Audio & Music",
    slug: "audio-music",
    icon: "🎧",
    description: "Voice, speech, music and sound tools: text-to-speech, voice cloning, mixing and composition.",
    aliases: ["audio", "music", "audio-generation", "music-generation", "audio-editing", "voice", "audio-and-music"],
  },
  {
    name: "Transcription & Translation",
    slug: "transcription-translation",
    icon: "🌐",
    description: "Turn speech into text and move text between languages: transcripts, captions and translation.",
    aliases: ["transcription", "translation", "speech-to-text"],
  },
  {
    name: "Code & Development",
    slug: "code-development",
    icon: "💻",
    description: "Coding assistants, code generation, review and developer tooling powered by AI.",
    featured: true,
    aliases: ["development", "code", "code-generation", "coding", "developer-tools", "code-assistants"],
  },
  {
    name: "Agents & Automation",
    slug: "agents-automation",
    icon: "🤖",
    description: "Autonomous agents, agent frameworks and workflow automation that act on your behalf.",
    aliases: ["agents", "automation", "ai-agents", "workflow-automation"],
  },
  {
    name: "AI Models & Infrastructure",
    slug: "ai-models-infrastructure",
    icon: "🧠",
    description: "Foundation models, model hosting, APIs and the infrastructure that AI products are built on.",
    aliases: ["models", "infrastructure", "llm", "llms", "ai-models", "mlops"],
  },
  {
    name: "Productivity",
    slug: "productivity",
    icon: "⚡",
    description: "Get more done: meetings, notes, email, scheduling, presentations and personal workflows.",
    featured: true,
    aliases: ["productivity-ai", "productivity-tools"],
  },
  {
    name: "Research & Education",
    slug: "research-education",
    icon: "🎓",
    description: "Search, read and learn: research assistants, literature tools, tutoring and study aids.",
    aliases: ["research", "education", "learning", "science"],
  },
  {
    name: "Data Analysis",
    slug: "data-analysis",
    icon: "📊",
    description: "Analyse, visualise and query data: spreadsheets, BI, SQL assistants and analytics.",
    aliases: ["data", "analytics", "data-science", "business-intelligence"],
  },
  {
    name: "Design",
    slug: "design",
    icon: "📐",
    description: "UI, graphic, logo and presentation design tools that turn ideas into polished visuals.",
    aliases: ["graphic-design", "ui-design", "ux"],
  },
  {
    name: "Marketing",
    slug: "marketing",
    icon: "📣",
    description: "SEO, ads, social media, email campaigns and growth tools for marketers.",
    aliases: ["seo", "social-media", "advertising", "sales-and-marketing"],
  },
  {
    name: "Business",
    slug: "business",
    icon: "💼",
    description: "Sales, finance, legal, HR and operations tools for teams and companies.",
    aliases: ["finance", "legal", "sales", "hr", "enterprise-ai"],
  },
  {
    name: "Customer Service",
    slug: "customer-service",
    icon: "🛟",
    description: "Support chatbots, help desks and customer-experience tools that answer customers at scale.",
    aliases: ["customer-support", "support"],
  },
  {
    name: "Health & Lifestyle",
    slug: "health-lifestyle",
    icon: "🌱",
    description: "Health, fitness, wellbeing, food, travel and personal-life tools.",
    aliases: ["health", "lifestyle", "fitness", "wellness"],
  },
  {
    name: "3D",
    slug: "3d",
    icon: "🧊",
    description: "Create 3D models, scenes, textures and assets from text, images or scans.",
    aliases: ["3d-modeling", "3d-modelling", "three-d"],
  },
  {
    name: "Other",
    slug: "other",
    icon: "✨",
    description: "Tools that do not fit one category neatly: browser extensions, utilities and experiments.",
    aliases: ["misc", "miscellaneous", "general"],
  },
];

/** How a free-text key becomes an alias key: lower-case, runs of non-alphanumerics collapsed to '-'. */
export function aliasKey(input: string): string {
  return input
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
