# A line filter for `urlbnf conform`: Data::Validate::URI (Debian's
# libdata-validate-uri-perl) judges each line with is_uri, its RFC 3986 check.
use strict;
use warnings;
use Data::Validate::URI qw(is_uri);

while (my $line = <STDIN>) {
    chomp $line;
    print defined(is_uri($line)) ? "1\n" : "0\n";
}
