/**
 * The request id of the last request that failed on the server (5xx), read from its X-Request-Id.
 * The error screen names it: an action or a navigation's data request that fails after the page
 * loaded has its own id, and the page load's id would send support to the wrong log line (issue 31).
 */
let lastFailed: string | undefined;

if (typeof window !== "undefined" && typeof window.fetch === "function") {
  const fetchOf = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const res = await fetchOf(input, init);
    if (res.status >= 500) lastFailed = res.headers.get("x-request-id") ?? lastFailed;
    return res;
  };
}

export function failedRequestId(): string | undefined {
  return lastFailed;
}
