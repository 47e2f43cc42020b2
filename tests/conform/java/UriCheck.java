// A line filter for `urlbnf conform`: java.net.URI (the JDK's parser, RFC
// 2396 with its own amendments) judges each line. Run as a source file:
// java tests/conform/java/UriCheck.java
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;

public class UriCheck {
    public static void main(String[] args) throws Exception {
        var in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        var out = new StringBuilder();
        for (String line; (line = in.readLine()) != null; ) {
            boolean ok;
            try {
                new URI(line);
                ok = true;
            } catch (URISyntaxException e) {
                ok = false;
            }
            out.append(ok ? "1\n" : "0\n");
        }
        System.out.print(out);
    }
}
