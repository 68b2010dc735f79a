import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { APP_HOME, loginSchema, MESSAGES, ROUTES, type LoginInput } from '../../../domain/index.ts';
import { TextField } from '../../components/text-field.tsx';
import { useIsClient } from '../../components/use-is-client.ts';
import { useToast } from '../../components/toast.tsx';
import { errorMessage } from '../../data/client.ts';
import { signIn, useSession } from '../../data/session.ts';
import { AuthCard } from './auth-card.tsx';

export function LoginPage() {
  const session = useSession();
  const navigate = useNavigate();
  const toast = useToast();
  // a click before hydration would be lost, or send the form as a GET (the password in the URL)
  const isClient = useIsClient();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });

  // SPEC §2: a visitor who already has a session goes straight to the app.
  if (session && !isSubmitting) return <Navigate to={ROUTES[APP_HOME].path} replace />;

  const onSubmit = handleSubmit(async ({ email, password }) => {
    try {
      await signIn(email, password);
      toast.success(MESSAGES.loginSuccess);
      navigate(ROUTES[APP_HOME].path, { replace: true });
    } catch (error) {
      toast.error(errorMessage(error, MESSAGES.loginFailed));
    }
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
