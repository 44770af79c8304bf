import mongoose, { type HydratedDocument, type InferSchemaType } from 'mongoose';

/**
 * A job that Redis could not take when it was produced, kept in MongoDB until the relay has put
 * it on its queue. Everything BullMQ needs is here, so the relay does not depend on the code that
 * produced it.
 */
const jobOutboxSchema = new mongoose.Schema(
  {
    queue: { type: String, required: true },
    name: { type: String, required: true },
    /** The job's own deterministic id: BullMQ ignores a second add of it, so relaying is safe twice. */
    jobId: { type: String, required: true },
    /** The payload, already validated against the job's schema when it was produced. */
    data: { type: mongoose.Schema.Types.Mixed, required: true },
    /** BullMQ options (attempts, backoff) without the id and the delay, which are kept apart. */
    options: { type: mongoose.Schema.Types.Mixed, default: {} },
    /** For a delayed job, when it is due: the delay left is worked out when it is relayed. */
    runAt: { type: Date, default: null },
    /** A relay holds the row until then; a relay that died lets it go by simply not returning. */
    leaseUntil: { type: Date, default: () => new Date(0) },
    leaseOwner: { type: String, default: null },
    relayAttempts: { type: Number, default: 0 },
    lastError: { type: String, default: null },
  },
  { timestamps: true, minimize: false },
);

// One row per job, however many requests tried to queue it while Redis was away.
jobOutboxSchema.index({ queue: 1, jobId: 1 }, { unique: true });
jobOutboxSchema.index({ leaseUntil: 1, createdAt: 1 });

export type JobOutboxRow = InferSchemaType<typeof jobOutboxSchema>;
export type JobOutboxDocument = HydratedDocument<JobOutboxRow>;
export const JobOutboxModel = mongoose.model('OutboxJob', jobOutboxSchema);
