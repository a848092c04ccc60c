import { changesAtom, etagOf, listChanges } from "~/lib/syndication.server";
import type { Route } from "./+types/changes-feed";
import { textAnswer } from "./text-answer";

/** /changes.xml: new tools, pricing changes, tools gone or back, as Atom. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, env } = context.services;
  const xml = changesAtom(await listChanges(db, env), env);
  return textAnswer(request, xml, etagOf(xml), "application/atom+xml; charset=utf-8", 600);
}
