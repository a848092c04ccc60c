import type { Activity } from "../../platform/activity.ts";
import type { Actor } from "../../platform/audit.ts";
import type { Clock } from "../../platform/clock.ts";
import type { Db } from "../../platform/db/index.ts";
import type { Jobs } from "../../platform/jobs/index.ts";
import type { Viewer } from "../accounts/index.ts";

/**
 * What community's use cases need from the app's services (AppServices satisfies it): the database,
 * the activity bus (badges, points), the clock (the one source of time) and the job queue (mail after
 * an answer, AMA reminders). One type for every use case of the module: reviews, AMAs, discussions,
 * stories and lists alike; a use case that needs less takes a Pick of it.
 */
export type CommunityServices = { db: Db; activity: Activity; clock: Clock; jobs: Pick<Jobs, "enqueue"> };

/**
 * Who acts in a use case `(services, actor, input)`: a signed-in member or admin, with the request for
 * the audit row. `moderator`: an admin, whom the moderation use cases require themselves (not only
 * their callers).
 */
export type CommunityActor = Actor & { moderator?: boolean };

/** The actor of a request: the viewer, named by e-mail in the audit log. */
export function communityActor(viewer: Viewer, requestId?: string | null): CommunityActor {
  return {
    id: viewer.user.id,
    label: viewer.user.email,
    requestId: requestId ?? null,
    moderator: viewer.role === "admin",
  };
}

export const MODERATORS_ONLY = "Only moderators can do this.";
