// The subset of autocannon 9's programmatic API the bench uses (the package ships no types,
// and @types/autocannon is not a dependency).
declare module 'autocannon' {
  type TRequestContext = Record<string, unknown>;
  type TAutocannonRequest = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  };
  type TAutocannonRequestSpec = TAutocannonRequest & {
    /** Called before each request of a connection; returns the request to send. */
    setupRequest?: (req: TAutocannonRequest, context: TRequestContext) => TAutocannonRequest;
    /** Called with each response of a connection. */
    onResponse?: (status: number, body: string, context: TRequestContext) => void;
  };
  type TAutocannonOptions = {
    url: string;
    requests?: TAutocannonRequestSpec[];
    initialContext?: TRequestContext;
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
  export type { TAutocannonOptions, TAutocannonRequestSpec, TAutocannonResult };
  export default autocannon;
}
