import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorScreen } from '../components/error-screen';

/** The router's error element: any rendering failure of a route lands here. */
export function RouteErrorScreen() {
  const error = useRouteError();
  useEffect(() => {
    console.error('Unexpected rendering failure', error);
  }, [error]);
  const shown = isRouteErrorResponse(error) ? new Error(`${error.status} ${error.statusText}`) : error;
  return <ErrorScreen error={shown} />;
}
