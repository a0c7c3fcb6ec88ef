// The shared `@tanstack/react-query` module: only the API the shop uses. A shared singleton is
// never tree-shaken, so the whole package (infinite and suspense queries, hydration, streaming)
// would ship on every page; through this list webpack keeps what the areas call.
// react-query-facade.test.ts fails when any source file imports a name missing here.
export {
  keepPreviousData,
  mutationOptions,
  QueryClient,
  QueryClientProvider,
  queryOptions,
  useMutation,
  useMutationState,
  useQueries,
  useQuery,
  useQueryClient,
} from '@shop/react-query-full';
