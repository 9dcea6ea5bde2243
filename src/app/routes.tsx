import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { AppRoot } from './AppRoot.tsx';
import { RootLayout } from './RootLayout.tsx';
import { BootFallback, RouteError } from './RouteError.tsx';
import { guardNavigation } from './navigationEffects.ts';
import { REDIRECT_ROUTES, redirectTarget } from './redirects.ts';
import { PAGE_ROUTES, type PageRoute, type RouteHandle } from './routeTable.ts';

/** Loader wrapper that runs the navigation guard for the route before it renders. */
export function guardLoader(name: string) {
  return ({ request }: LoaderFunctionArgs) => {
    const target = guardNavigation(name, new URL(request.url));
    if (target !== undefined) throw redirect(target);
    return null;
  };
}

function handleOf(route: PageRoute): RouteHandle {
  const handle: RouteHandle = { name: route.name };
  if (route.navbarSearch) handle.navbarSearch = true;
  if (route.transition) handle.transition = route.transition;
  if (route.standalone) handle.standalone = true;
  return handle;
}

function pageRoute(route: PageRoute): RouteObject {
  return {
    path: route.path,
    handle: handleOf(route),
    loader: guardLoader(route.name),
    lazy: async () => ({ Component: (await route.load()).default }),
  };
}

export function createRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      element: <AppRoot />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <BootFallback />,
      children: [
        ...REDIRECT_ROUTES.map(
          (r): RouteObject => ({ path: r.path, loader: ({ params, request }: LoaderFunctionArgs) => redirect(redirectTarget(r, params, new URL(request.url).searchParams)) }),
        ),
        ...PAGE_ROUTES.filter((r) => r.standalone).map(pageRoute),
        {
          id: 'layout',
          element: <RootLayout />,
          errorElement: <RouteError />,
          children: PAGE_ROUTES.filter((r) => !r.standalone).map(pageRoute),
        },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(createRoutes());
}
