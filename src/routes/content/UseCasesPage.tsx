import { ArticleIndexPage } from './ArticleIndexPage.tsx';

/** /use-cases: how schools, causes, events and brands use twibbons. */
export default function UseCasesPage() {
  return <ArticleIndexPage kind="use-cases" route="use-cases" />;
}
