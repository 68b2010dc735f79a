import { Link, Navigate, useNavigate } from 'react-router-dom';
import { APP_HOME, loginSchema, MESSAGES, ROUTES } from '../../../domain/index.ts';
import { useSubmitWithToast } from '../../components/submit-with-toast.ts';
import { TextField } from '../../components/text-field.tsx';
import { useIsClient } from '../../components/use-is-client.ts';
import { useZodForm } from '../../components/use-zod-form.ts';
import { signIn, useSession } from '../../data/server/session.ts';
import { AuthCard } from './auth-card.tsx';

export function LoginPage() {
  const session = useSession();
  const navigate = useNavigate();
  const submit = useSubmitWithToast();
  // a click before hydration would be lost, or send the form as a GET (the password in the URL)
  const isClient = useIsClient();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useZodForm(loginSchema, { defaultValues: { email: '', password: '' } });

  // docs/product.md#screens-and-routes: a visitor who already has a session goes straight to the app.
  if (session && !isSubmitting) return <Navigate to={ROUTES[APP_HOME].path} replace />;

  const onSubmit = handleSubmit(async ({ email, password }) => {
    const signedIn = await submit(() => signIn(email, password), {
      success: MESSAGES.loginSuccess,
      failed: MESSAGES.loginFailed,
    });
    if (signedIn) navigate(ROUTES[APP_HOME].path, { replace: true });
  });

  return (
    <AuthCard title="Welcome Back" intro="Log in to keep scouting winning ads.">
      <form className="form" onSubmit={onSubmit} noValidate aria-label="Log in">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <p className="auth-aside">
          <Link to={ROUTES.forgotPassword.path}>Forgot password?</Link>
        </p>
        <button
          type="submit"
          className="button button-primary button-block"
          disabled={!isClient || isSubmitting}
        >
          {isSubmitting ? 'Logging in…' : 'Log In'}
        </button>
      </form>
      <p className="center">
        Don&apos;t have an account? <Link to={ROUTES.register.path}>Create one</Link>
      </p>
    </AuthCard>
  );
}
