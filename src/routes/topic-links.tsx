import type { Topic, TopicCount } from '../db/topic-store.js';
import { topicPath } from './paths.js';

/** Links to topic pages as a row of tags: an article's topics, or every topic with its count. */
export function TopicLinks({ topics, label, className }: { topics: (Topic | TopicCount)[]; label: string; className: string }) {
  if (topics.length === 0) return null;
  return (
    <nav className={`topic-links ${className}`} aria-label={label}>
      <ul>
        {topics.map((topic) => (
          <li key={topic.id}>
            <a href={topicPath(topic.slug)}>
              {topic.nome}
              {'total' in topic && <span className="topic-count">{` (${topic.total})`}</span>}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
