import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";

export const streamTimeout = 5_000;

/**
 * Every error React Router catches (a loader or action that throws, a render that fails) reaches
 * the HTTP layer here, which logs it with the request id when the answer is a 5xx. A request the
 * client aborted is not a failure (the HTTP layer logs it as 499).
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const cause =
    isRouteErrorResponse(error) && (error as { error?: unknown }).error ? (error as { error?: unknown }).error : error;
  const ctx = context as Partial<AppLoadContext> | undefined;
  if (ctx?.reportError) ctx.reportError(cause);
  else console.error(cause);
};

/**
 * Documents are rendered as React Router's default entry does (bots get the whole page at once,
 * browsers get it streamed from the shell), with one difference: React's `progressiveChunkSize` is
 * unlimited. By default React moves a finished Suspense boundary that comes after the first 12.8 KB
 * of HTML out of place, to be put back by an inline script, so without JavaScript that content
 * would never show. Our boundaries (split components) are finished when rendering starts: they
 * are always written where they belong.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const userAgent = request.headers.get("user-agent");
  const waitForAll = (userAgent !== null && isbot(userAgent)) || routerContext.isSpaMode;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timeout: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const ready = () => {
      shellRendered = true;
      const body = new PassThrough({
        final(callback) {
          clearTimeout(timeout);
          timeout = undefined;
          callback();
        },
      });
      responseHeaders.set("Content-Type", "text/html");
      pipe(body);
      resolve(
        new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }),
      );
    };
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      ...(waitForAll ? { onAllReady: ready } : { onShellReady: ready }),
      onShellError: reject,
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors before the shell reject above and are logged by React Router; later ones only here.
        if (shellRendered && !request.signal.aborted) {
          loadContext.services.logger.error("render failed after the shell", {
            requestId: loadContext.requestId,
            path: new URL(request.url).pathname,
            err: error,
          });
        }
      },
    });
  });
}
