// The subset of autocannon 9's programmatic API the bench uses (the package ships no types,
// and @types/autocannon is not a dependency).
declare module 'autocannon' {
  type TAutocannonOptions = {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    headers?: Record<string, string>;
    method?: string;
    body?: string;
  };
  type THistogram = {
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
  type TAutocannonResult = {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    latency: THistogram;
    requests: THistogram & { sent: number };
    throughput: THistogram;
  };
  function autocannon(opts: TAutocannonOptions): Promise<TAutocannonResult>;
  export type { TAutocannonOptions, TAutocannonResult };
  export default autocannon;
}
