/** The part of autocannon's programmatic API the benchmark uses (the package ships no types). */
declare module "autocannon" {
  type Request = { method?: string; path?: string; headers?: Record<string, string>; body?: string };

  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    /** worker threads firing the requests; 0/undefined runs on the calling thread */
    workers?: number;
    timeout?: number;
    title?: string;
    headers?: Record<string, string>;
    requests?: Request[];
  };

  type Histogram = {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
  };

  type Result = {
    title?: string;
    url: string;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
    requests: Histogram & { sent: number };
    latency: Histogram & { totalCount: number };
    throughput: Histogram;
    statusCodeStats: Record<string, { count: number }>;
  };

  type Instance = PromiseLike<Result> & { stop(): void };

  function autocannon(options: Options): Instance;
  export default autocannon;
}
