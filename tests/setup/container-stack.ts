import { spawnSync } from 'node:child_process';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { MongoDBContainer } from '@testcontainers/mongodb';
import { GenericContainer, Wait, type StartedTestContainer } from 'testcontainers';
import type { StackEnv } from '../support/stack-env';

/** The same images docker-compose.yml runs in production-like setups. */
const IMAGES = {
  mongo: 'mongo:7',
  redis: 'redis:7',
  minio: 'minio/minio:RELEASE.2025-04-22T22-12-26Z',
  mailpit: 'axllent/mailpit:v1.27',
};

/** True when a Docker engine answers (the client alone, as on our build machines, is not enough). */
export function dockerEngineAnswers(): boolean {
  const result = spawnSync('docker', ['info', '--format', '{{.ServerVersion}}'], {
    timeout: 5_000,
    stdio: 'ignore',
  });
  return result.status === 0;
}

/** Starts MongoDB 7 (replica set), Redis 7, MinIO and Mailpit in containers for one test run. */
export async function startContainerStack(
  bucket: string,
): Promise<{ env: StackEnv; stop: () => Promise<void> }> {
  const credentials = { accessKeyId: 'testcontainers', secretAccessKey: 'testcontainers-secret' };
  const started = await Promise.all([
    new MongoDBContainer(IMAGES.mongo).start(),
    new GenericContainer(IMAGES.redis)
      .withExposedPorts(6379)
      .withWaitStrategy(Wait.forLogMessage('Ready to accept connections'))
      .start(),
    new GenericContainer(IMAGES.minio)
      .withCommand(['server', '/data'])
      .withEnvironment({
        MINIO_ROOT_USER: credentials.accessKeyId,
        MINIO_ROOT_PASSWORD: credentials.secretAccessKey,
      })
      .withExposedPorts(9000)
      .withWaitStrategy(Wait.forHttp('/minio/health/ready', 9000))
      .start(),
    new GenericContainer(IMAGES.mailpit)
      .withExposedPorts(1025, 8025)
      .withWaitStrategy(Wait.forHttp('/readyz', 8025))
      .start(),
  ]);
  const [mongo, redis, minio, mailpit] = started;
  const address = (container: StartedTestContainer, port: number) =>
    `${container.getHost()}:${container.getMappedPort(port)}`;
  const s3Endpoint = `http://${address(minio, 9000)}`;
  const s3 = new S3Client({
    endpoint: s3Endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials,
  });
  await s3.send(new CreateBucketCommand({ Bucket: bucket }));
  s3.destroy();
  return {
    env: {
      // The replica set names the container's own host; connect to the mapped port directly.
      MONGO_URL: `${mongo.getConnectionString()}/?directConnection=true`,
      REDIS_URL: `redis://${address(redis, 6379)}`,
      S3_ENDPOINT: s3Endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      SMTP_URL: `smtp://${address(mailpit, 1025)}`,
      MAILBOX_URL: `http://${address(mailpit, 8025)}`,
    },
    stop: async () => {
      await Promise.all(started.map((container) => container.stop()));
    },
  };
}
