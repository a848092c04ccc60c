import { describe, expect, it } from "vitest";
import { correctTypos, scoreTasks } from "./queries.ts";

const task = (slug: string, name: string, synonyms: string[]) => ({
  slug,
  name,
  description: "",
  group: "g",
  tool_count: 1,
  synonyms,
});
const TASKS = [
  task("remove-an-image-background", "Remove an image background", ["background eraser", "remove bg"]),
  task("add-subtitles-to-a-video", "Add subtitles to a video", ["subtitle generator"]),
  task("review-a-contract", "Review a contract", ["check a clause"]),
];

describe("tasks a query names (ADR 0074)", () => {
  it("reads a misspelt word as the task's word one edit away, two for long words", () => {
    const vocabulary = new Set(["background", "eraser", "subtitle", "generator", "presentation"]);
    const misspelt = new Set(["backround", "subtitel", "presentaion", "generater"]);
    expect(correctTypos(["backround", "eraser"], vocabulary, misspelt)).toEqual(["background", "eraser"]);
    expect(correctTypos(["subtitel", "generater"], vocabulary, misspelt)).toEqual(["subtitle", "generator"]);
    expect(correctTypos(["presentaion"], vocabulary, misspelt)).toEqual(["presentation"]);
  });

  it("corrects only the words it is told may be typos (unknown to the catalogue)", () => {
    expect(scoreTasks(TASKS, "backround eraser")).toEqual([]); // as typed: half the words
    expect(scoreTasks(TASKS, "backround eraser", new Set(["backround"]))[0]?.task.slug).toBe(
      "remove-an-image-background",
    );
    expect(scoreTasks(TASKS, "subtitel generator", new Set(["subtitel"]))[0]?.task.slug).toBe(
      "add-subtitles-to-a-video",
    );
    // A brand the catalogue knows is not a typo of a task's word ('claude' is one edit from 'clause').
    expect(scoreTasks(TASKS, "claude")).toEqual([]);
  });
});
