/**
 * What a 503 asks a client (or a load balancer) to wait before trying again while MongoDB or
 * Redis is away: about half of a replica set's election (electionTimeoutMillis is 10 s) or a
 * Sentinel failover, so a retry lands soon after the new primary is up without hammering it.
 */
export const RETRY_AFTER_SECONDS = 5;
