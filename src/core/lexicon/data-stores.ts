/**
 * Data stores: the databases, caches and queues a project keeps its data in. A fact or convention
 * that names one ("Redis here listens on port 6380", 咱们这边 clickhouse 走的 9440) holds for
 * database work: a prompt that asks for the data ("clear the cached session tokens", 统计一下上周
 * 的新增用户; see work-requests.ts) needs it, whatever words it uses. Read in lessons only: a prompt
 * that names a store ("add a redis-backed rate limiter") is code work, not a request for data. Pure.
 */
import { defineLexicon } from "./define-lexicon.js";

/** Every data store, by name. */
export const DATA_STORES = defineLexicon("data-stores", [
  {
    pattern:
      /\b(?:redis|clickhouse|mongo(?:db)?|mariadb|mysql|postgres(?:ql)?|sqlite|cassandra|memcached|dynamodb|influxdb|timescale(?:db)?|elasticsearch|opensearch|kafka|rabbitmq|db|database)\b/,
    example: "Redis here listens on port 6380",
  },
  { pattern: /数据库|测试库|生产库|主库|从库|缓存|消息队列/, example: "我们的测试库在 10.3.2.8:3307" },
]);

/** True when a text names one of the project's data stores (see {@link DATA_STORES}). */
export function namesDataStore(text: string): boolean {
  return DATA_STORES.test(text);
}
