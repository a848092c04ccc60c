import type { BillingActor } from "./types.ts";

/** The one way an edge (a page action or an /api handler) names the member billing acts for. */
export function billingActor(
  viewer: { user: { id: string; email: string; name: string; role: string } },
  requestId: string | null = null,
): BillingActor {
  return {
    id: viewer.user.id,
    label: viewer.user.email,
    requestId,
    email: viewer.user.email,
    name: viewer.user.name,
    admin: viewer.user.role === "admin",
  };
}
