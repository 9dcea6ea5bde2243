import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button, buttonVariants, type ButtonSize, type ButtonVariant } from './Button.tsx';

afterEach(cleanup);

describe('Button', () => {
  const variants: Record<ButtonVariant, string[]> = {
    default: ['bg-primary', 'text-primary-foreground'],
    destructive: ['bg-destructive', 'text-destructive-foreground'],
    outline: ['border', 'border-input', 'bg-background'],
    secondary: ['bg-secondary', 'text-secondary-foreground'],
    ghost: ['hover:bg-muted'],
    link: ['underline', 'underline-offset-4'],
    accent: ['bg-accent', 'text-accent-foreground'],
  };

  it.each(Object.entries(variants))('renders the %s variant classes', (variant, classes) => {
    render(<Button variant={variant as ButtonVariant}>Go</Button>);
    const button = screen.getByRole('button', { name: 'Go' });
    for (const name of classes) expect(button).toHaveProperty('className', expect.stringContaining(name));
    expect(button.classList.contains('focus-visible:outline-ring')).toBe(true);
  });

  it('uses the default variant and size when none is given', () => {
    expect(buttonVariants()).toBe(buttonVariants({ variant: 'default', size: 'default' }));
    render(<Button>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button.classList.contains('bg-primary')).toBe(true);
    expect(button.classList.contains('h-10')).toBe(true);
  });

  const sizes: Record<ButtonSize, string> = { default: 'h-10', sm: 'h-9', lg: 'h-11', icon: 'size-10' };
  it.each(Object.entries(sizes))('renders the %s size', (size, expected) => {
    render(
      <Button size={size as ButtonSize} aria-label="size">
        x
      </Button>,
    );
    expect(screen.getByRole('button', { name: 'size' }).classList.contains(expected)).toBe(true);
  });

  it('ghost and link variants have no background fill', () => {
    expect(buttonVariants({ variant: 'ghost' })).not.toMatch(/(^|\s)bg-/);
    expect(buttonVariants({ variant: 'link' })).not.toMatch(/(^|\s)bg-/);
  });

  it('is type=button by default and lets className override utilities', () => {
    render(<Button className="h-12">Tall</Button>);
    const button = screen.getByRole('button', { name: 'Tall' });
    expect(button.getAttribute('type')).toBe('button');
    expect(button.classList.contains('h-12')).toBe(true);
    expect(button.classList.contains('h-10')).toBe(false);
  });

  it('renders its child with the button classes when asChild', () => {
    const onClick = vi.fn();
    render(
      <Button
        asChild
        variant="outline"
        onClick={(event) => {
          event.preventDefault();
          onClick();
        }}
      >
        <a href="/explore">Explore</a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Explore' });
    expect(link.tagName).toBe('A');
    expect(link.classList.contains('border-input')).toBe(true);
    expect(screen.queryByRole('button')).toBeNull();
    link.click();
    expect(onClick).toHaveBeenCalledOnce();
  });
});
