import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { MESSAGES, registerSchema, type RegisterInput } from '../../../domain/index.ts';
import { TextField } from '../../components/text-field.tsx';
import { useIsClient } from '../../components/use-is-client.ts';
import { useToast } from '../../components/toast.tsx';
import { errorMessage } from '../../data/client.ts';
import { signUp } from '../../data/session.ts';
import './auth.css';

export function RegisterPage() {
  const navigate = useNavigate();
  // A prerendered form must not submit before it hydrated (the browser would send it as a GET).
  const isClient = useIsClient();
  const toast = useToast();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RegisterInput>({
    resolver: zodResolver(registerSchema),
    defaultValues: { email: '', password: '' },
    // SPEC §5: the first failing rule is the one shown.
    criteriaMode: 'firstError',
  });

  const onSubmit = handleSubmit(async ({ email, password }) => {
    try {
      await signUp(email, password);
      toast.success(MESSAGES.registerSuccess);
      navigate('/subscribe', { replace: true });
    } catch (error) {
      toast.error(errorMessage(error, MESSAGES.registerFailed));
    }
  });

  return (
    <div className="auth-page">
      <div className="card auth-card">
        <h1>Create Account</h1>
        <p className="muted center">Start scouting the ads your competitors are scaling.</p>
        <form className="form" onSubmit={onSubmit} noValidate aria-label="Create account">
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
            autoComplete="new-password"
            hint="At least 8 characters, with an uppercase letter, a lowercase letter and a number."
            error={errors.password?.message}
            {...register('password')}
          />
          <button
            type="submit"
            className="button button-primary button-block"
            disabled={!isClient || isSubmitting}
          >
            {isSubmitting ? 'Creating account…' : 'Create Account'}
          </button>
        </form>
        <p className="center">
          Already have an account? <Link to="/login">Log in</Link>
        </p>
      </div>
    </div>
  );
}
